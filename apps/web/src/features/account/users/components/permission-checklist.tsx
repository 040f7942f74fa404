import type { PermissionCode } from '@bhada/contracts/account/users';
import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Group = { code: string; name: string; permissions: { code: PermissionCode; name: string }[] };

/** Permissions grouped as the server's catalogue groups them (GET /api/user/permissionGroup). */
export function PermissionChecklist({
  groups,
  value,
  onChange,
  error,
}: {
  groups: Group[];
  value: PermissionCode[];
  onChange: (value: PermissionCode[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('users');
  return (
    <Checkbox.Group value={value} onChange={(next) => onChange(next as PermissionCode[])} error={error} label={t('permissions')}>
      <Stack gap="sm" mt="xs">
        {groups.map((group) => (
          <div key={group.code}>
            <Text size="sm" fw={600} mb={4}>
              {t(`groups.${group.code}`, { defaultValue: group.name })}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
              {group.permissions.map((permission) => (
                <Checkbox
                  key={permission.code}
                  value={permission.code}
                  label={t(`permission.${permission.code}`, { defaultValue: permission.name })}
                />
              ))}
            </SimpleGrid>
          </div>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
