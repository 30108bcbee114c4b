import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * One template, two parts: the HTML, and the plain text derived from that
 * same HTML (links written out after their text), so the parts never say
 * different things. react-email writes an XHTML 1.0 doctype; the HTML5 one
 * (as MJML's output has) renders the same in today's clients and is what
 * the rest of our HTML says.
 */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const html = (await render(element)).replace(/^<!DOCTYPE[^>]*>/i, "<!doctype html>");
  return { subject, html, text: toPlainText(html, { wordwrap: 78 }) };
}
