/** The ROI calculator's inputs as payload values, checked with the shared ROI schema's own limits. */
import type { ZodObject } from "zod";
import type { FieldErrors } from "./formState";
import { estimateRoi, type RoiInputs } from "./roi";
import { roiFields } from "../leads/roiFields";

export type RoiInputKey = keyof RoiInputs;
/** What the visitor typed, per input. */
export type RoiRaw = Record<RoiInputKey, string>;
export type RoiInputErrors = Partial<Record<RoiInputKey, string>>;
export type RoiLimits = Partial<Record<RoiInputKey, { min?: number; max?: number }>>;

export const roiInputKeys: readonly RoiInputKey[] = [
  "fraudLoss",
  "averageTransactionValue",
  "chargebackRate",
  "transactionsPerMonth",
];

/** The payload key each input fills. */
export const roiInputFields: Readonly<Record<RoiInputKey, string>> = {
  fraudLoss: roiFields.fraudLoss,
  averageTransactionValue: roiFields.averageTransaction,
  chargebackRate: roiFields.chargebackRate,
  transactionsPerMonth: roiFields.transactionsPerMonth,
};

/**
 * The two computed values grow with the transactions (the product's cost, and chargebacks with the
 * transaction value): when one is out of the schema's range, the visitor fixes it there.
 */
export const ROI_DERIVED_INPUT: RoiInputKey = "transactionsPerMonth";
export const roiTooLargeMessage =
  "With these figures the estimate is too large to calculate. Lower the transactions per month or the average transaction value.";
const derivedFields: readonly string[] = [roiFields.estimatedCost, roiFields.estimatedSaving];

/** A typed amount as a number; empty or unreadable is NaN, which the schema refuses as "Enter a number." */
export function parseAmount(raw: string): number {
  const text = raw.trim();
  return text === "" ? Number.NaN : Number(text);
}

export function roiNumbers(raw: RoiRaw): RoiInputs {
  return {
    fraudLoss: parseAmount(raw.fraudLoss),
    averageTransactionValue: parseAmount(raw.averageTransactionValue),
    chargebackRate: parseAmount(raw.chargebackRate),
    transactionsPerMonth: parseAmount(raw.transactionsPerMonth),
  };
}

/** The six roi_* payload values: the inputs as typed, and the estimate computed from them. */
export function roiPayloadValues(inputs: RoiInputs): Record<string, number> {
  const estimate = estimateRoi(inputs);
  return {
    [roiFields.fraudLoss]: inputs.fraudLoss,
    [roiFields.averageTransaction]: inputs.averageTransactionValue,
    [roiFields.chargebackRate]: inputs.chargebackRate,
    [roiFields.estimatedCost]: estimate.estimatedCost,
    [roiFields.estimatedSaving]: estimate.estimatedSaving,
    [roiFields.transactionsPerMonth]: inputs.transactionsPerMonth,
  };
}

/**
 * Field messages keyed by payload name (from the client check or a 422) → messages per input. A
 * computed value's message goes to the input that drives it.
 */
export function roiInputErrorsFrom(fieldErrors: FieldErrors): RoiInputErrors {
  const errors: RoiInputErrors = {};
  for (const key of roiInputKeys) {
    const message = fieldErrors[roiInputFields[key]];
    if (message) errors[key] = message;
  }
  if (!errors[ROI_DERIVED_INPUT] && derivedFields.some((name) => fieldErrors[name])) {
    errors[ROI_DERIVED_INPUT] = roiTooLargeMessage;
  }
  return errors;
}

/** Checks the roi_* values with the shared payload schema (the email and context are not its business here). */
export function roiInputErrors(schema: ZodObject, values: Record<string, number>): RoiInputErrors {
  const checked = schema.partial().safeParse(values);
  if (checked.success) return {};
  const fieldErrors: FieldErrors = {};
  for (const issue of checked.error.issues) {
    const name = String(issue.path[0] ?? "");
    fieldErrors[name] ??= issue.message;
  }
  return roiInputErrorsFrom(fieldErrors);
}

/** The schema's range per input, for the inputs' min and max attributes. */
export function roiLimits(schema: ZodObject): RoiLimits {
  const limits: RoiLimits = {};
  for (const key of roiInputKeys) {
    const rule = schema.shape[roiInputFields[key]] as
      { minValue?: number | null; maxValue?: number | null } | undefined;
    limits[key] = {
      ...(typeof rule?.minValue === "number" ? { min: rule.minValue } : {}),
      ...(typeof rule?.maxValue === "number" ? { max: rule.maxValue } : {}),
    };
  }
  return limits;
}
