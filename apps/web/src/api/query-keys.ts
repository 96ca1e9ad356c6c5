/** Every query key in one place, so a mutation invalidates exactly what it changed. */
export const queryKeys = {
  currentProject: ['project', 'current'] as const,
  apps: ['apps'] as const,
};
