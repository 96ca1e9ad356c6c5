import { Injectable } from '@nestjs/common';
import { EvaluatorService } from '../ports';

@Injectable()
export class ListEvaluatorsUseCase {
  constructor(private readonly evaluators: EvaluatorService) {}

  execute(): unknown[] {
    return this.evaluators.catalog();
  }
}
