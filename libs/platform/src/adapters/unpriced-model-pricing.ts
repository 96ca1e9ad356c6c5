import { ModelPricing } from '@crucible/application';

/** Stands in until the catalog-backed pricing is registered: every model's price is unknown, so no cost is made up. */
export class UnpricedModelPricing extends ModelPricing {
  async costOf(): Promise<number | null> {
    return null;
  }
}
