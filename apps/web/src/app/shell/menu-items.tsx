import {
  IconBuildingWarehouse,
  IconCreditCard,
  IconDeviceMobile,
  IconFileCheck,
  IconFileText,
  IconGauge,
  IconGift,
  IconHeadset,
  IconHome,
  IconIdBadge2,
  IconMapPin,
  IconMessageStar,
  IconPackage,
  IconReceipt,
  IconReport,
  IconRoute,
  IconSettings,
  IconStar,
  IconSteeringWheel,
  IconTool,
  IconTruck,
  IconUserCircle,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type MenuType, paths } from '../../lib/paths.ts';

/** `permission`: shown only to a user who holds it (fleet, issue 12); without it, to every user of the menu type */
export type MenuItem = { key: string; to: string; icon: ReactNode; isNew?: boolean; permission?: string };

const size = 18;

/**
 * spec: fastag-payments-shell §2.10 — the menu type picks the menu. Dashboard is added on top of
 * the operator's list because /portal/home is where an operator lands; ADMIN is not listed in the
 * spec, so it gets only the admin areas the marketplace spec names (loads, consignments).
 */
export const MENUS: Record<MenuType, MenuItem[]> = {
  OPERATOR: [
    { key: 'home', to: paths.home, icon: <IconHome size={size} /> },
    // shell (issue 16): the marketplace, trips, membership and wallet top-up are reached from the menu too
    { key: 'activeLoads', to: paths.activeLoads, icon: <IconPackage size={size} />, permission: 'LOADS_VIEW' },
    { key: 'myTrips', to: paths.myTrips, icon: <IconRoute size={size} />, permission: 'TRIPS_VIEW' },
    { key: 'membership', to: paths.subscriptionPage, icon: <IconIdBadge2 size={size} /> },
    { key: 'addMoney', to: paths.addMoney, icon: <IconWallet size={size} />, permission: 'WALLET_ADD_MONEY' },
    { key: 'fastag', to: paths.fastag, icon: <IconCreditCard size={size} />, isNew: true, permission: 'FASTAG_VIEW' },
    { key: 'gpsDashboard', to: paths.gpsDashboard, icon: <IconGauge size={size} />, permission: 'VEHICLES_VIEW' },
    // fleet Reports and Maintenance (issue 12 points 6 and 7) sit where the spec's menu puts them
    { key: 'reports', to: paths.reports, icon: <IconReport size={size} />, permission: 'REPORTS_DOWNLOAD' },
    { key: 'devices', to: paths.devices, icon: <IconDeviceMobile size={size} />, permission: 'VEHICLES_VIEW' },
    { key: 'drivers', to: paths.drivers, icon: <IconSteeringWheel size={size} />, permission: 'VEHICLES_VIEW' },
    { key: 'documents', to: paths.documents, icon: <IconFileText size={size} />, permission: 'VEHICLES_VIEW' },
    { key: 'places', to: paths.accountPlaces, icon: <IconMapPin size={size} /> },
    { key: 'ums', to: paths.ums, icon: <IconUsersGroup size={size} />, permission: 'USERS_MANAGE' },
    { key: 'maintenance', to: paths.maintenance, icon: <IconTool size={size} />, permission: 'VEHICLES_VIEW' },
    { key: 'profile', to: paths.operatorProfile, icon: <IconUserCircle size={size} /> },
    { key: 'settings', to: paths.accountSettings, icon: <IconSettings size={size} /> },
    // support area
    { key: 'tickets', to: paths.tickets, icon: <IconHeadset size={size} /> },
    { key: 'rateCards', to: paths.rateCards, icon: <IconReceipt size={size} /> },
    { key: 'ratingStory', to: paths.ratingStory, icon: <IconStar size={size} /> },
    { key: 'referral', to: paths.referralEarn, icon: <IconGift size={size} /> },
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
    // support area
    { key: 'supportDesk', to: paths.adminSupport, icon: <IconHeadset size={size} /> },
    { key: 'surveys', to: paths.adminSurveys, icon: <IconMessageStar size={size} /> },
    { key: 'rateCardReview', to: paths.adminRateCards, icon: <IconReceipt size={size} /> },
    // fleet (issue 12): document review and GPS orders
    { key: 'fleetReview', to: paths.adminFleet, icon: <IconTruck size={size} /> },
    // operations
    { key: 'workflow', to: paths.workflow, icon: <IconRoute size={size} /> },
  ],
};

/** The menu item whose area holds this path (the longest match), so the header can name the page. */
export function menuItemFor(menuType: string | undefined, pathname: string): MenuItem | undefined {
  return menuFor(menuType)
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

export function menuFor(menuType: string | undefined): MenuItem[] {
  return menuType === 'CONSIGNER' || menuType === 'ADMIN' ? MENUS[menuType] : MENUS.OPERATOR;
}
