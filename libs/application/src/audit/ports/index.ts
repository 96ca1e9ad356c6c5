export * from './audit-trail.port';
export * from './projects-of-email.port';
