import type { DataSource } from 'typeorm';

/** Runs `stop` (a timer, a listener) when the data source is destroyed, before it closes its connections. */
export function beforeDestroy(dataSource: DataSource, stop: () => void | Promise<void>): void {
  const destroy = dataSource.destroy.bind(dataSource);
  dataSource.destroy = async () => {
    await stop();
    return destroy();
  };
}
