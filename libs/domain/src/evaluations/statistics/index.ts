export * from './bootstrap';
export * from './mcnemar';
export * from './wilcoxon';
export * from './normal-distribution';
export * from './paired-comparison';
export * from './steps';
