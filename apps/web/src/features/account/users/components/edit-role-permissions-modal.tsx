import type { PermissionCode, Role } from '@bhada/contracts/account/users';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/query-state.tsx';
import { toast } from '../../../../lib/notify.ts';
import { useAddRolePermissions } from '../api/add-role-permissions.ts';
import { useDeleteRolePermissions } from '../api/delete-role-permissions.ts';
import { usePermissionGroups } from '../api/get-permission-groups.ts';
import { PermissionChecklist } from './permission-checklist.tsx';

/**
 * The server has separate add and delete calls (spec: marketplace §6); the modal lets the owner
 * tick the final set and sends only the difference.
 */
export function EditRolePermissionsModal({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const groups = usePermissionGroups();
  const addPermissions = useAddRolePermissions();
  const deletePermissions = useDeleteRolePermissions();
  const [selected, setSelected] = useState<PermissionCode[]>(role.permissions);
  const [error, setError] = useState<string>();

  const added = selected.filter((p) => !role.permissions.includes(p));
  const removed = role.permissions.filter((p) => !selected.includes(p));
  const saving = addPermissions.isPending || deletePermissions.isPending;

  const save = async () => {
    setError(undefined);
    if (selected.length === 0) {
      setError(t('common:validation.permissionsRequired'));
      return;
    }
    try {
      // add first so the role never passes through an empty permission set
      if (added.length) await addPermissions.mutateAsync({ roleId: role.roleId, permissions: added });
      if (removed.length) await deletePermissions.mutateAsync({ roleId: role.roleId, permissions: removed });
      toast({ msg: t('users:permissionsUpdated') });
      onClose();
    } catch {
      // the HTTP client or the query client has already told the user why
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('users:editPermissionsOf', { name: role.name })} size="lg">
      <Stack>
        <QueryState query={groups}>
          {(data) => <PermissionChecklist groups={data} value={selected} onChange={setSelected} error={error} />}
        </QueryState>
        {added.length + removed.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t('users:pendingChanges', { added: added.length, removed: removed.length })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={added.length + removed.length === 0}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
