/** The shape of a form definition: what the one Form component renders and the one hook posts. */
import type { LeadEndpoint } from "../leads/endpoints";
import type { FormId } from "../leads/forms";

export type FieldKind = "text" | "email" | "url" | "textarea" | "select" | "number" | "checkbox";

export type FieldDefinition = {
  /** The payload key. */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** Numbers: the range and step the input offers. */
  min?: number;
  max?: number;
  step?: number;
  /** Grid columns on wide screens: half-width fields sit side by side. */
  width?: "half" | "full";
};

/**
 * Which context the hook adds: "lead" = UTM info, landing and previous page, visitor id, region;
 * "tracking" = UTM info, visitor id, region; "none" = only the typed fields (the partners form).
 */
export type PayloadContext = "lead" | "tracking" | "none";

export type FormDefinition = {
  id: FormId;
  endpoint: LeadEndpoint;
  fields: readonly FieldDefinition[];
  context: PayloadContext;
  submitLabel: string;
  success: { title: string; body: string };
  /** Small print under the button (how the data is used). */
  note?: string;
};

export type FormValues = Record<string, string | boolean>;
