import { ApiProperty } from '@nestjs/swagger';
import { ResultDto } from './evaluation-review.dto';

/** Wire shape of `GET /evaluations/compare` (ARCHITECTURE §11); the CLI gate and the console read it. */
class ComparedEvaluationDto {
  @ApiProperty() id: string;
  @ApiProperty() variant_name: string;
  @ApiProperty() revision: number;
  @ApiProperty({ type: ResultDto }) status: ResultDto;
}

class ComparedEvaluatorConfigDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() evaluator_key: string;
}

class MeanEstimateDto {
  @ApiProperty() evaluation_id: string;
  @ApiProperty({ description: 'rows with a value' }) n: number;
  @ApiProperty({ description: 'rows left out: the application or the evaluator errored' }) errored_rows: number;
  @ApiProperty({ type: Number, nullable: true, description: 'bools: fraction true (0–1)' }) mean: number | null;
  @ApiProperty({ type: Number, nullable: true, description: '95 % percentile-bootstrap interval, low end' }) ci_low: number | null;
  @ApiProperty({ type: Number, nullable: true }) ci_high: number | null;
}

class PairedComparisonDto {
  @ApiProperty() evaluation_id: string;
  @ApiProperty() baseline_evaluation_id: string;
  @ApiProperty({ description: 'rows with a value on both sides' }) n: number;
  @ApiProperty({ description: 'rows left out: errored or missing on either side' }) excluded_rows: number;
  @ApiProperty({ type: Number, nullable: true, description: 'mean of (this − baseline) over the paired rows' }) difference: number | null;
  @ApiProperty({ type: Number, nullable: true }) ci_low: number | null;
  @ApiProperty({ type: Number, nullable: true }) ci_high: number | null;
  @ApiProperty({ type: Number, nullable: true }) p_value: number | null;
  @ApiProperty({ enum: ['mcnemar_exact', 'wilcoxon_exact', 'wilcoxon_normal'], nullable: true }) test: string | null;
  @ApiProperty({ enum: ['better', 'worse', 'no_significant_difference'] }) verdict: string;
}

class MetricComparisonDto {
  @ApiProperty({ enum: ['evaluator', 'cost', 'latency'] }) metric: string;
  @ApiProperty({ type: ComparedEvaluatorConfigDto, nullable: true }) evaluator_config: ComparedEvaluatorConfigDto | null;
  @ApiProperty({ enum: ['bool', 'number'] }) value_type: string;
  @ApiProperty() higher_is_better: boolean;
  @ApiProperty({ type: [MeanEstimateDto] }) evaluations: MeanEstimateDto[];
  @ApiProperty({ type: [PairedComparisonDto] }) comparisons: PairedComparisonDto[];
}

export class EvaluationComparisonDto {
  @ApiProperty() baseline_evaluation_id: string;
  @ApiProperty() confidence_level: number;
  @ApiProperty() significance_level: number;
  @ApiProperty() bootstrap_resamples: number;
  @ApiProperty({ type: [ComparedEvaluationDto] }) evaluations: ComparedEvaluationDto[];
  @ApiProperty({ type: [MetricComparisonDto] }) metrics: MetricComparisonDto[];
}
