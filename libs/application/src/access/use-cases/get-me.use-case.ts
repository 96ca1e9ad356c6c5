import { Injectable } from '@nestjs/common';
import type { User } from '@crucible/domain';
import { type MemberProject, MembershipRepository } from '../ports';

export interface Me {
  user: User;
  projects: MemberProject[];
}

/** The signed-in person and every project they belong to, with their role in each. */
@Injectable()
export class GetMeUseCase {
  constructor(private readonly memberships: MembershipRepository) {}

  async execute(user: User): Promise<Me> {
    return { user, projects: await this.memberships.listProjectsOf(user.id) };
  }
}
