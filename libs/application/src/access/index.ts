export * from './ports';
export * from './api-key-secret';
export * from './use-cases/authenticate.use-case';
export * from './use-cases/create-project.use-case';
export * from './use-cases/bootstrap-default-project.use-case';
export * from './use-cases/create-api-key.use-case';
export * from './use-cases/list-api-keys.use-case';
export * from './use-cases/delete-api-key.use-case';
export * from './use-cases/get-current-project.use-case';
export * from './caller';
export * from './session-secret';
export * from './account-rules';
export * from './failed-sign-ins';
export * from './use-cases/sign-in.use-case';
export * from './use-cases/sign-out.use-case';
export * from './use-cases/authenticate-session.use-case';
export * from './use-cases/act-as-member.use-case';
export * from './use-cases/get-me.use-case';
export * from './use-cases/issue-setup-link.use-case';
export * from './use-cases/complete-setup.use-case';
export * from './use-cases/list-projects.use-case';
export * from './use-cases/start-oidc-sign-in.use-case';
export * from './use-cases/complete-oidc-sign-in.use-case';
export * from './use-cases/get-sign-in-methods.use-case';
export * from './invitation-secret';
export * from './use-cases/create-invitation.use-case';
export * from './use-cases/list-invitations.use-case';
export * from './use-cases/revoke-invitation.use-case';
export * from './use-cases/accept-invitation.use-case';
export * from './use-cases/list-members.use-case';
export * from './use-cases/change-member-role.use-case';
export * from './use-cases/remove-member.use-case';
export * from './use-cases/delete-project.use-case';
import { AuthenticateUseCase } from './use-cases/authenticate.use-case';
import { BootstrapDefaultProjectUseCase } from './use-cases/bootstrap-default-project.use-case';
import { CreateApiKeyUseCase } from './use-cases/create-api-key.use-case';
import { CreateProjectUseCase } from './use-cases/create-project.use-case';
import { DeleteApiKeyUseCase } from './use-cases/delete-api-key.use-case';
import { GetCurrentProjectUseCase } from './use-cases/get-current-project.use-case';
import { ListApiKeysUseCase } from './use-cases/list-api-keys.use-case';
import { SignInUseCase } from './use-cases/sign-in.use-case';
import { SignOutUseCase } from './use-cases/sign-out.use-case';
import { AuthenticateSessionUseCase } from './use-cases/authenticate-session.use-case';
import { ActAsMemberUseCase } from './use-cases/act-as-member.use-case';
import { GetMeUseCase } from './use-cases/get-me.use-case';
import { IssueSetupLinkUseCase } from './use-cases/issue-setup-link.use-case';
import { CompleteSetupUseCase } from './use-cases/complete-setup.use-case';
import { ListProjectsUseCase } from './use-cases/list-projects.use-case';
import { StartOidcSignInUseCase } from './use-cases/start-oidc-sign-in.use-case';
import { CompleteOidcSignInUseCase } from './use-cases/complete-oidc-sign-in.use-case';
import { GetSignInMethodsUseCase } from './use-cases/get-sign-in-methods.use-case';
import { CreateInvitationUseCase } from './use-cases/create-invitation.use-case';
import { ListInvitationsUseCase } from './use-cases/list-invitations.use-case';
import { RevokeInvitationUseCase } from './use-cases/revoke-invitation.use-case';
import { AcceptInvitationUseCase } from './use-cases/accept-invitation.use-case';
import { ListMembersUseCase } from './use-cases/list-members.use-case';
import { ChangeMemberRoleUseCase } from './use-cases/change-member-role.use-case';
import { RemoveMemberUseCase } from './use-cases/remove-member.use-case';
import { DeleteProjectUseCase } from './use-cases/delete-project.use-case';

/** The access context's use cases, registered by the composition root (libs/platform). */
export const ACCESS_USE_CASES = [
  AuthenticateUseCase, BootstrapDefaultProjectUseCase, CreateApiKeyUseCase, CreateProjectUseCase, DeleteApiKeyUseCase,
  GetCurrentProjectUseCase, ListApiKeysUseCase, SignInUseCase, SignOutUseCase, AuthenticateSessionUseCase, ActAsMemberUseCase,
  GetMeUseCase, IssueSetupLinkUseCase, CompleteSetupUseCase, ListProjectsUseCase,
  CreateInvitationUseCase, ListInvitationsUseCase, RevokeInvitationUseCase, AcceptInvitationUseCase,
  ListMembersUseCase, ChangeMemberRoleUseCase, RemoveMemberUseCase, DeleteProjectUseCase,
  StartOidcSignInUseCase, CompleteOidcSignInUseCase, GetSignInMethodsUseCase,
];
