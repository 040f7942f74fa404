import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { ForbiddenState } from '../../../../components/query-state.tsx';
import { TabBar } from '../../../../components/tab-bar.tsx';
import { useSessionAccess } from '../../../../lib/session.ts';
import { RolesTab } from '../components/roles-tab.tsx';
import { UsersTab } from '../components/users-tab.tsx';

type Tab = 'users' | 'roles';

/** spec: fastag §2.1 /portal/ums and marketplace §6 — an operator's sub-users and their roles. */
export function UmsPage() {
  const { t } = useTranslation('users');
  usePageTitle(t('title'));
  // the tab lives in the URL so Back from "add user" and a shared link land on the same tab
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'roles' ? 'roles' : 'users';
  // a role without user management sees why, not buttons that end in a 403 (issue 16 point 4)
  if (!useSessionAccess().can('USERS_MANAGE')) return <ForbiddenState />;

  return (
    <TabBar<Tab>
      value={tab}
      onChange={(next) => setParams(next === 'users' ? {} : { tab: next }, { replace: true })}
      tabs={[
        { value: 'users', label: t('tabs.users'), icon: <IconUsers size={16} />, panel: <UsersTab /> },
        { value: 'roles', label: t('tabs.roles'), icon: <IconShieldLock size={16} />, panel: <RolesTab /> },
      ]}
    />
  );
}

export default UmsPage;
