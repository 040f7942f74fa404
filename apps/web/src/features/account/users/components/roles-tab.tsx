import type { Role } from '@bhada/contracts/account/users';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { useRoles } from '../api/get-roles.ts';
import { CreateRoleModal } from './create-role-modal.tsx';
import { EditRolePermissionsModal } from './edit-role-permissions-modal.tsx';

export function RolesTab() {
  const { t } = useTranslation(['users', 'common']);
  const roles = useRoles();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Role>();

  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('users:createRole')}
        </Button>
      </Group>
      <QueryState query={roles} isEmpty={(data) => data.length === 0} empty={<EmptyState text={t('users:noRoles')} />}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {data.map((role) => (
              <Card key={role.roleId} withBorder radius="md" padding="md">
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Text fw={600}>{role.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('users:usersCount', { count: role.userCount })}
                  </Text>
                </Group>
                <Group gap={6} mb="md">
                  {role.permissions.map((code) => (
                    <Badge key={code} variant="light" size="sm">
                      {t(`users:permission.${code}`, { defaultValue: code })}
                    </Badge>
                  ))}
                </Group>
                <Button variant="light" size="xs" onClick={() => setEditing(role)}>
                  {t('users:editPermissions')}
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      {creating ? <CreateRoleModal onClose={() => setCreating(false)} /> : null}
      {editing ? <EditRolePermissionsModal key={editing.roleId} role={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
