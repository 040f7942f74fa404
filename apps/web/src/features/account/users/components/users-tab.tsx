import type { Subordinate } from '@bhada/contracts/account/users';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { toast } from '../../../../lib/notify.ts';
import { paths } from '../../../../lib/paths.ts';
import { useSubordinates } from '../api/get-subordinates.ts';
import { useRemoveSubordinate } from '../api/remove-subordinate.ts';

export function UsersTab() {
  const { t } = useTranslation(['users', 'common']);
  const subordinates = useSubordinates();
  const removeSubordinate = useRemoveSubordinate();
  const [removing, setRemoving] = useState<Subordinate>();

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removeSubordinate.mutateAsync(removing.userCode);
      toast({ msg: t('users:userDeleted') });
      setRemoving(undefined);
    } catch {
      // the HTTP client or the query client has already told the user why
    }
  };

  const addButton = (
    <Button component={Link} to={paths.umsAddUser} leftSection={<IconUserPlus size={16} />}>
      {t('users:addUser')}
    </Button>
  );

  return (
    <Stack>
      <Group justify="flex-end">{addButton}</Group>
      <QueryState query={subordinates} isEmpty={(data) => data.length === 0} empty={<EmptyState text={t('users:noUsers')} />}>
        {(data) => (
          <Table.ScrollContainer minWidth={420}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users:columns.name')}</Table.Th>
                  <Table.Th>{t('users:columns.phone')}</Table.Th>
                  <Table.Th>{t('users:columns.role')}</Table.Th>
                  <Table.Th w={60}>
                    <VisuallyHidden>{t('users:columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((user) => (
                  <Table.Tr key={user.userCode}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {user.name}
                      </Text>
                      {user.email ? (
                        <Text size="xs" c="dimmed">
                          {user.email}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{user.phone}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{user.roleName}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={t('common:remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('users:removeUser', { name: user.name })}
                          onClick={() => setRemoving(user)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>

      <Modal opened={Boolean(removing)} onClose={() => setRemoving(undefined)} title={t('users:removeTitle')}>
        <Stack>
          <Text>{removing ? t('users:removeConfirm', { name: removing.name, phone: removing.phone }) : null}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(undefined)}>
              {t('common:cancel')}
            </Button>
            <Button color="red" loading={removeSubordinate.isPending} onClick={() => void confirmRemove()}>
              {t('common:remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
