/**
 * Reads what each output of an NLI model means from its `config.json` `id2label`, never from the index:
 * NLI models disagree on the order (cross-encoder models put contradiction first, MNLI-trained RoBERTa puts
 * it first too but BART-MNLI and others differ) and on the casing, and two-class models exist.
 */
import { ConfigError } from "../errors.js";
import type { LabelRole } from "./options.js";

/** Output positions of each role; -1 when the model has no such output. */
export interface LabelMap {
  entailment: number;
  contradiction: number;
  /** The rest: neutral (three-class) or not-entailed (two-class). */
  other: number[];
  /** `2` for entailment / not-entailment models, `3` for entailment / neutral / contradiction. */
  classes: 2 | 3;
  /** The labels in output order, as the model names them. */
  labels: string[];
}

/**
 * The role of a label name, in any casing and with `_`, `-` or spaces: entailment (`entailment`, `ENTAILS`,
 * `supported`, `SUPPORTS`), contradiction (`contradiction`, `refutes`, `refuted`), neutral (`neutral`,
 * `not enough info`, `NEI`), and the other class of two-class models (`not_entailment`, `non-entailment`,
 * `not supported`, `unsupported`, and `inconsistent` / `hallucinated` of consistency classifiers).
 * @returns the role, or null when the name is none of these.
 */
export function roleOfLabel(label: string): LabelRole | null {
  const l = label.toLowerCase().replace(/[^a-z]/g, "");
  if (/^(not|non|no|un)(entail|support)|^(inconsistent|unfaithful|hallucinat)/.test(l)) return "not_entailment";
  if (/^(notenoughinfo|nei|neutral|unknown|undetermined)/.test(l)) return "neutral";
  if (/^(entail|support|consistent|faithful)/.test(l)) return "entailment";
  if (/^(contradict|refute)/.test(l)) return "contradiction";
  return null;
}

/**
 * @param id2label the model config's map from output index to label name.
 * @param overrides roles given by the user per label name (take precedence over the names' meaning).
 * @throws ConfigError when the labels are not an entailment model's (e.g. `LABEL_0`, `LABEL_1`), with the
 *   labels found and how to map them.
 */
export function labelMap(modelId: string, id2label: Record<string | number, string> | undefined, overrides: Record<string, LabelRole> = {}): LabelMap {
  const entries = Object.entries(id2label ?? {})
    .map(([k, v]) => [Number(k), String(v)] as const)
    .sort((a, b) => a[0] - b[0]);
  const labels = entries.map(([, v]) => v);
  const hint = `set the nli option labels, e.g. { labels: { ${labels
    .slice(0, 3)
    .map((l, i) => `${JSON.stringify(l)}: "${["entailment", "neutral", "contradiction"][i]}"`)
    .join(", ")} } }`;
  if (entries.length < 2 || entries.some(([k], i) => k !== i)) {
    throw new ConfigError(
      `NLI model '${modelId}' has no usable id2label in its config.json (found ${JSON.stringify(id2label ?? null)}): it must name each output 0..n-1; ${hint}.`,
    );
  }
  const roles = labels.map((l) => overrides[l] ?? roleOfLabel(l));
  const unknown = labels.filter((_, i) => roles[i] === null);
  if (unknown.length > 0) {
    throw new ConfigError(
      `NLI model '${modelId}' has labels ${JSON.stringify(labels)}, and ${JSON.stringify(unknown)} mean nothing known (entailment, neutral, contradiction, not_entailment): ${hint}.`,
    );
  }
  const at = (role: LabelRole) => roles.flatMap((r, i) => (r === role ? [i] : []));
  const entail = at("entailment");
  const contra = at("contradiction");
  if (entail.length !== 1 || contra.length > 1) {
    throw new ConfigError(
      `NLI model '${modelId}' has labels ${JSON.stringify(labels)}: exactly one must mean entailment and at most one contradiction; ${hint}.`,
    );
  }
  const other = roles.flatMap((r, i) => (r === "neutral" || r === "not_entailment" ? [i] : []));
  return { entailment: entail[0]!, contradiction: contra[0] ?? -1, other, classes: contra.length === 1 ? 3 : 2, labels };
}

/** Entailment and contradiction probabilities of one pair (contradiction 0 for two-class models). */
export function rolesOf(probabilities: ArrayLike<number>, map: LabelMap): { entail: number; contradict: number } {
  return { entail: probabilities[map.entailment] ?? 0, contradict: map.contradiction >= 0 ? (probabilities[map.contradiction] ?? 0) : 0 };
}
