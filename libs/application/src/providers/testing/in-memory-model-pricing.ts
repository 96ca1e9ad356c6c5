import { type CallPricer, ModelPricing, type PricedCall } from '../ports';

export interface PricePerMillion {
  input: number;
  output: number;
  cachedInput?: number;
}

/** Prices by bare model name from a table the test gives; unknown models cost null, as the port says. */
export class InMemoryModelPricing extends ModelPricing {
  readonly priced: PricedCall[] = [];

  constructor(private readonly prices: Record<string, PricePerMillion> = {}) {
    super();
  }

  async pricerFor(): Promise<CallPricer> {
    return (call) => this.price(call);
  }

  private price(call: PricedCall): number | null {
    this.priced.push(call);
    const price = this.prices[call.model];
    if (!price) return null;
    const cached = call.usage.cachedInput ?? 0;
    const uncached = call.usage.input - cached;
    return (uncached * price.input + cached * (price.cachedInput ?? price.input) + call.usage.output * price.output) / 1_000_000;
  }
}
