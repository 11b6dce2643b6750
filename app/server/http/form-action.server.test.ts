import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getServerEnv } from "~/config/env.server";
import { answerForm, formIntent, OTHER_SITE_MESSAGE, parseForm, parseFormFields, parseIntentForm, readForm } from "./form-action.server";

const own = () => getServerEnv().SITE_ORIGIN;

function post(body: BodyInit | null, headers: Record<string, string> = {}, path = "/settings") {
  return new Request(`http://localhost${path}`, { method: "POST", headers, body });
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("readForm", () => {
  it("refuses a form from another site with 403 before reading it", async () => {
    const thrown = await readForm(post(form({ intent: "name" }), { Origin: "https://evil.example" })).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await (thrown as Response).text()).toBe(OTHER_SITE_MESSAGE);
  });

  it("reads the site's own form, and tells a fetcher (js=1 in the form or the address) from a plain form", async () => {
    const plain = await readForm(post(form({ intent: "name" }), { Origin: own() }));
    expect(plain).toMatchObject({ ok: true, fetcher: false });
    expect(plain.ok && plain.form.get("intent")).toBe("name");
    expect(await readForm(post(form({ intent: "name", js: "1" })))).toMatchObject({ ok: true, fetcher: true });
    expect(await readForm(post(form({ intent: "name" }), {}, "/settings?js=1"))).toMatchObject({ ok: true, fetcher: true });
  });

  it("answers a body that is not a form with 400, and one over its limit with 413 and the given words", async () => {
    expect(await readForm(post("{}", { "content-type": "application/json" }))).toMatchObject({ ok: false, status: 400 });
    const big = await readForm(post(form({ text: "x".repeat(5_000) })), { maxBytes: 1_000, tooLargeMessage: "Too big." });
    expect(big).toMatchObject({ ok: false, status: 413, message: "Too big." });
    expect(await readForm(post(form({ text: "small" })), { maxBytes: 1_000, tooLargeMessage: "Too big." })).toMatchObject({ ok: true });
  });
});

describe("formIntent and parseForm", () => {
  it("picks only the action's own intents", () => {
    expect(formIntent(form({ intent: "delete" }), ["name", "delete"] as const)).toBe("delete");
    expect(formIntent(form({ intent: "drop-tables" }), ["name", "delete"] as const)).toBeNull();
    expect(formIntent(new FormData(), ["name"] as const)).toBeNull();
  });

  it("checks the fields with the form's schema and gives the first problem only", () => {
    const schema = z.object({ name: z.string().min(1, "Name is required"), age: z.string().regex(/^\d+$/, "Age must be a number") });
    expect(parseForm(form({ name: "Jo", age: "47" }), schema)).toEqual({ ok: true, data: { name: "Jo", age: "47" } });
    expect(parseForm(form({ name: "", age: "x" }), schema)).toEqual({ ok: false, error: "Name is required" });
  });

  it("names the field the first problem belongs to, for forms that show it beside the field", () => {
    const schema = z.object({ name: z.string().min(1, "Name is required"), age: z.string().regex(/^\d+$/, "Age must be a number") });
    expect(parseFormFields(form({ name: "Jo", age: "x" }), schema)).toEqual({ ok: false, message: "Age must be a number", field: "age" });
    expect(parseFormFields(form({ name: "Jo", age: "47" }), schema)).toEqual({ ok: true, data: { name: "Jo", age: "47" } });
    const refined = z.object({ a: z.string() }).refine(() => false, "Something is wrong");
    expect(parseFormFields(form({ a: "x" }), refined)).toEqual({ ok: false, message: "Something is wrong", field: null });
  });
});

describe("parseIntentForm", () => {
  const Schema = z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("rename"), itemId: z.uuid({ error: "That item has gone." }), title: z.string().min(1, "Please enter a title.") }),
      z.object({ intent: z.literal("move"), direction: z.enum(["up", "down"], { error: "Unknown action." }) }),
    ],
    { error: "Unknown action." },
  );
  const id = "6f1c7d0e-8b1a-4c1d-9e2f-0a1b2c3d4e5f";

  it("checks the intent and its own fields in one pass, and gives the intent's fields typed", () => {
    const parsed = parseIntentForm(form({ intent: "rename", itemId: id, title: "Week 1", js: "1" }), Schema, ["itemId"]);
    expect(parsed).toEqual({ ok: true, data: { intent: "rename", itemId: id, title: "Week 1" } });
    expect(parseIntentForm(form({ intent: "move", direction: "up" }), Schema)).toEqual({ ok: true, data: { intent: "move", direction: "up" } });
  });

  it("refuses an unknown or missing intent with the union's words, beside no field", () => {
    expect(parseIntentForm(form({ intent: "delete", itemId: id }), Schema)).toEqual({ ok: false, message: "Unknown action.", field: null });
    expect(parseIntentForm(form({ title: "Week 1" }), Schema)).toEqual({ ok: false, message: "Unknown action.", field: null });
  });

  it("reports the first problem in the member's order: a hidden field beside no field, a typed one beside its input", () => {
    expect(parseIntentForm(form({ intent: "rename", itemId: "nope", title: "" }), Schema, ["itemId"])).toEqual({ ok: false, message: "That item has gone.", field: null });
    expect(parseIntentForm(form({ intent: "rename", itemId: id, title: "" }), Schema, ["itemId"])).toEqual({ ok: false, message: "Please enter a title.", field: "title" });
  });
});

describe("answerForm", () => {
  const answer = { status: 400, result: { ok: false, message: "Name is required" }, redirectTo: "/settings", toast: { title: "Error", description: "Name is required" } };

  it("gives a fetcher the result as data with its status", async () => {
    const reply = (await answerForm(true, answer)) as unknown as { data: unknown; init: { status: number } };
    expect(reply.data).toEqual(answer.result);
    expect(reply.init.status).toBe(400);
  });

  it("sends a plain form back to its page (303 unless told 302) with the words as a flash toast", async () => {
    const reply = (await answerForm(false, answer)) as Response;
    expect(reply.status).toBe(303);
    expect(reply.headers.get("location")).toBe("/settings");
    expect(reply.headers.get("set-cookie")).toMatch(/^sc_toast=/);
    expect(((await answerForm(false, { ...answer, redirectStatus: 302 })) as Response).status).toBe(302);
  });
});
