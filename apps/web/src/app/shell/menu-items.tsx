import {
  IconBuildingWarehouse,
  IconCreditCard,
  IconDeviceMobile,
  IconFileCheck,
  IconFileText,
  IconGauge,
  IconHome,
  IconMapPin,
  IconPackage,
  IconReport,
  IconRoute,
  IconSettings,
  IconSteeringWheel,
  IconTool,
  IconTruck,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type MenuType, paths } from '../../lib/paths.ts';

export type MenuItem = { key: string; to: string; icon: ReactNode; isNew?: boolean };

const size = 18;

/**
 * spec: fastag-payments-shell §2.10 — the menu type picks the menu. Dashboard is added on top of
 * the operator's list because /portal/home is where an operator lands; ADMIN is not listed in the
 * spec, so it gets only the admin areas the marketplace spec names (loads, consignments).
 */
export const MENUS: Record<MenuType, MenuItem[]> = {
  OPERATOR: [
    { key: 'home', to: paths.home, icon: <IconHome size={size} /> },
    { key: 'fastag', to: paths.fastag, icon: <IconCreditCard size={size} />, isNew: true },
    { key: 'gpsDashboard', to: paths.gpsDashboard, icon: <IconGauge size={size} /> },
    { key: 'reports', to: paths.reports, icon: <IconReport size={size} /> },
    { key: 'devices', to: paths.devices, icon: <IconDeviceMobile size={size} /> },
    { key: 'drivers', to: paths.drivers, icon: <IconSteeringWheel size={size} /> },
    { key: 'documents', to: paths.documents, icon: <IconFileText size={size} /> },
    { key: 'places', to: paths.places, icon: <IconMapPin size={size} /> },
    { key: 'ums', to: paths.ums, icon: <IconUsersGroup size={size} /> },
    { key: 'maintenance', to: paths.maintenance, icon: <IconTool size={size} /> },
    { key: 'settings', to: paths.settings, icon: <IconSettings size={size} /> },
  ],
  CONSIGNER: [
    { key: 'vehicles', to: paths.consignerVehicles, icon: <IconTruck size={size} /> },
    { key: 'trips', to: paths.consignerTrips, icon: <IconRoute size={size} /> },
    { key: 'reports', to: paths.consignerReports, icon: <IconReport size={size} /> },
    // not in the spec's menu: posting loads arrived with the marketplace (ADR 011)
    { key: 'loads', to: paths.consignerLoads, icon: <IconPackage size={size} /> },
  ],
  ADMIN: [
    { key: 'home', to: paths.home, icon: <IconHome size={size} /> },
    { key: 'loads', to: paths.adminLoads, icon: <IconPackage size={size} /> },
    { key: 'consignments', to: paths.adminConsignments, icon: <IconBuildingWarehouse size={size} /> },
    { key: 'pods', to: paths.adminPods, icon: <IconFileCheck size={size} /> },
    // operations
    { key: 'workflow', to: paths.workflow, icon: <IconRoute size={size} /> },
  ],
};

export function menuFor(menuType: string | undefined): MenuItem[] {
  return menuType === 'CONSIGNER' || menuType === 'ADMIN' ? MENUS[menuType] : MENUS.OPERATOR;
}
