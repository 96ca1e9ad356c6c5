import { Badge, type BadgeProps } from '@mantine/core';
import type { ProjectRole } from '../auth/roles';

const COLORS: Record<ProjectRole, string> = { owner: 'grape', admin: 'blue', editor: 'teal', annotator: 'yellow', viewer: 'gray' };

/** A role as a badge that never clips its word, in a narrow table cell or a phone's header. */
export function RoleBadge({ role, ...props }: BadgeProps & { role: ProjectRole }) {
  return <Badge variant="light" tt="none" miw="max-content" color={COLORS[role]} {...props}>{role}</Badge>;
}
