// Tests the ROI calculator's input checks: the shared schema's own limits, messages per input, server mapping.
import { describe, expect, it } from "vitest";
import {
  parseAmount,
  roiInputErrors,
  roiInputErrorsFrom,
  roiInputFields,
  roiLimits,
  roiNumbers,
  roiPayloadValues,
  roiTooLargeMessage,
} from "../../../src/forms/roiInputs";
import { roiPayload } from "../../../src/leads/payloads";
import { roiFields } from "../../../src/leads/roiFields";

const valid = {
  fraudLoss: "250000",
  averageTransactionValue: "80",
  chargebackRate: "0.8",
  transactionsPerMonth: "50000",
};
const check = (raw: Partial<typeof valid>) =>
  roiInputErrors(roiPayload, roiPayloadValues(roiNumbers({ ...valid, ...raw })));

describe("ROI inputs", () => {
  it("reads typed amounts; empty or unreadable is not a number", () => {
    expect(parseAmount(" 12.5 ")).toBe(12.5);
    expect(parseAmount("")).toBeNaN();
    expect(parseAmount("abc")).toBeNaN();
  });

  it("fills the six roi_* payload fields from the inputs and their estimate", () => {
    const values = roiPayloadValues(roiNumbers(valid));
    expect(Object.keys(values).sort()).toEqual(Object.values(roiFields).sort());
    expect(values[roiFields.chargebackRate]).toBe(0.8);
    expect(roiPayload.partial().safeParse(values).success).toBe(true);
  });

  it("accepts what the server accepts", () => {
    expect(check({})).toEqual({});
    expect(check({ chargebackRate: "100", fraudLoss: "0" })).toEqual({});
  });

  it("refuses what the server refuses, with the schema's message at the input", () => {
    expect(check({ chargebackRate: "200" })).toEqual({
      chargebackRate: "Enter a value of at most 100.",
    });
    expect(check({ fraudLoss: "-5" })).toEqual({ fraudLoss: "Enter a value of at least 0." });
    expect(check({ averageTransactionValue: "" })).toEqual({
      averageTransactionValue: "Enter a number.",
    });
    expect(check({ transactionsPerMonth: "20000000000" })).toMatchObject({
      transactionsPerMonth: "Enter a value of at most 10,000,000,000.",
    });
  });

  it("puts an estimate too large for the schema at the transactions input", () => {
    // Each value within its own range, but chargebacks on 10 billion $10M payments overflow the saving.
    expect(
      check({
        transactionsPerMonth: "10000000000",
        averageTransactionValue: "10000000",
        chargebackRate: "100",
      }),
    ).toEqual({ transactionsPerMonth: roiTooLargeMessage });
  });

  it("maps the server's roi_* field messages back onto the inputs", () => {
    expect(
      roiInputErrorsFrom({
        [roiFields.chargebackRate]: "Enter a value of at most 100.",
        [roiFields.estimatedSaving]: "Enter a value of at most 1,000,000,000,000.",
        email: "not ours",
      }),
    ).toEqual({
      chargebackRate: "Enter a value of at most 100.",
      transactionsPerMonth: roiTooLargeMessage,
    });
  });

  it("takes the inputs' min and max from the schema", () => {
    const limits = roiLimits(roiPayload);
    expect(limits.chargebackRate).toEqual({ min: 0, max: 100 });
    expect(limits.fraudLoss?.min).toBe(0);
    expect(Object.keys(limits).map((key) => roiInputFields[key as keyof typeof limits])).toEqual([
      roiFields.fraudLoss,
      roiFields.averageTransaction,
      roiFields.chargebackRate,
      roiFields.transactionsPerMonth,
    ]);
  });
});
