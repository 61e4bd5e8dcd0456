/** Accent-folds (NFD, combining marks removed), lower-cases and collapses whitespace: how name keys are compared. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
