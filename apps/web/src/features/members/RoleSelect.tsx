import { Select, type SelectProps } from '@mantine/core';
import { PROJECT_ROLES, type ProjectRole, ROLE_WORDS, roleAtLeast } from '../../auth/roles';

/**
 * The roles the caller may hand out: none above their own, and owner only from an owner (the api refuses the rest
 * with words; this spares the attempt). `roles` narrows the list further (API keys are never owners).
 */
export function RoleSelect({ mine, value, onPick, roles = PROJECT_ROLES, ...props }: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  mine: ProjectRole;
  value: ProjectRole;
  onPick: (role: ProjectRole) => void;
  roles?: readonly ProjectRole[];
}) {
  const data = roles.map((role) => ({
    value: role, label: role, disabled: !roleAtLeast(mine, role) || (role === 'owner' && mine !== 'owner'),
  }));
  return (
    <Select {...props} data={data} value={value} allowDeselect={false} onChange={(picked) => picked && onPick(picked as ProjectRole)}
      renderOption={({ option }) => (
        <div>
          <div>{option.label}</div>
          <div style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>{ROLE_WORDS[option.value as ProjectRole]}</div>
        </div>
      )} />
  );
}
