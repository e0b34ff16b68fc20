import { dataAttr, dataSelector, type DataAttr } from "./data-attributes";
import {
  estimateFigures,
  estimateSavings,
  freeAnalysisHref,
  validateCalculatorInput,
  type CalculatorAssumptions,
  type CalculatorField,
  type EstimateFigures,
  type FieldErrors,
} from "@common/savings";

const FIELDS: CalculatorField[] = ["volume", "transactions", "fees"];

/** The published illustration the server rendered into the form (from the site settings). */
function assumptionsOf(form: HTMLFormElement): CalculatorAssumptions | undefined {
  const read = (name: DataAttr) => Number(form.getAttribute(name) ?? Number.NaN);
  const assumptions = {
    interchangePercent: read(dataAttr.interchangePercent),
    markupPercent: read(dataAttr.markupPercent),
    perTransactionFee: read(dataAttr.perTransactionFee),
    monthlyFee: read(dataAttr.monthlyFee),
  };
  return Object.values(assumptions).every(Number.isFinite) ? assumptions : undefined;
}

/** Marks each field valid or invalid, with its message under it and named by aria-describedby. */
function showErrors(inputs: HTMLInputElement[], errors: FieldErrors): void {
  for (const input of inputs) {
    const error = errors[input.name as CalculatorField];
    const hintId = input.getAttribute(dataAttr.calculatorHint) ?? "";
    const errorId = input.getAttribute(dataAttr.calculatorError) ?? "";
    const message = document.getElementById(errorId);
    if (error) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    input.setAttribute("aria-describedby", error ? `${hintId} ${errorId}` : hintId);
    if (message) {
      if (message.textContent !== (error ?? "")) message.textContent = error ?? "";
      message.hidden = !error;
    }
  }
}

/**
 * Puts one of the server-rendered states (`<template data-calculator-state>`) below the results
 * panel's heading, with the figures and the Free Analysis link filled in. The panel is a polite,
 * atomic live region: a screen reader reads the new estimate. Unchanged content is left alone, so
 * calculating the same numbers again announces nothing new.
 */
function showResult(root: Element, region: HTMLElement, state: string, figures?: EstimateFigures, href?: string): void {
  const template = root.querySelector<HTMLTemplateElement>(`template${dataSelector(dataAttr.calculatorState, state)}`);
  const heading = region.firstElementChild;
  if (!template || !heading) return;
  const content = template.content.cloneNode(true) as DocumentFragment;
  for (const el of content.querySelectorAll<HTMLElement>(dataSelector(dataAttr.calculatorFigure))) {
    el.textContent = figures?.[el.getAttribute(dataAttr.calculatorFigure) as keyof EstimateFigures] ?? "";
  }
  if (href)
    for (const link of content.querySelectorAll(`a${dataSelector(dataAttr.calculatorLink)}`))
      link.setAttribute("href", href);

  const next = document.createElement("div");
  next.append(content);
  const current = document.createElement("div");
  for (let node = heading.nextSibling; node; node = node.nextSibling) current.append(node.cloneNode(true));
  if (current.innerHTML === next.innerHTML) return;
  while (heading.nextSibling) heading.nextSibling.remove();
  region.append(...next.childNodes);
}

/**
 * The savings calculator on /services/merchant-accounts
 * (`app/components/site/savings-calculator.tsx`). Without JavaScript its form submits to the page
 * and the server renders the estimate. Here a submit (the button, or Enter in a field) is answered
 * in the page with the same rules and figures (`common/savings.ts`): each invalid field gets its
 * message, `aria-invalid` and focus (the first of them); valid numbers show the estimate in the
 * live region and carry them into the "Get my Free Analysis" link.
 */
export function enhanceSavingsCalculators(): void {
  for (const root of document.querySelectorAll(dataSelector(dataAttr.savingsCalculator))) {
    const form = root.querySelector("form");
    const region = root.querySelector<HTMLElement>(dataSelector(dataAttr.calculatorResult));
    const assumptions = form ? assumptionsOf(form) : undefined;
    if (!form || !region || !assumptions) continue;
    const inputs = FIELDS.map((name) => form.elements.namedItem(name)).filter(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement,
    );
    if (inputs.length !== FIELDS.length) continue;

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const [volume, transactions, fees] = inputs.map((input) => input.value) as [string, string, string];
      const result = validateCalculatorInput({ volume, transactions, fees });
      showErrors(inputs, result.ok ? {} : result.errors);
      if (!result.ok) {
        showResult(root, region, "empty");
        inputs.find((input) => input.hasAttribute("aria-invalid"))?.focus();
        return;
      }
      const estimate = estimateSavings(result.input, assumptions);
      showResult(root, region, estimate.outcome, estimateFigures(estimate), freeAnalysisHref(result.input));
    });
  }
}
