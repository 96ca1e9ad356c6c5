/** Settings of online evaluation (read from the environment by libs/platform). */
export abstract class OnlineEvaluationSettings {
  /** How long a rule's evaluator may fail on every execution before the rule pauses itself (CRUCIBLE_ONLINE_EVALUATION_SELF_PAUSE_SECONDS). */
  abstract readonly selfPauseAfterMs: number;
}
