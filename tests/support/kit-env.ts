import { afterAll, beforeAll } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { startKitStandin, type KitStandin } from "./kit-standin";

/**
 * For a test file whose site talks to Kit: starts the stand-in before the file's tests, points
 * KIT_API_KEY and KIT_API_URL at it, and puts both back (and stops it) after.
 */
export function setupKitStandin(): { readonly kit: KitStandin } {
  let kit: KitStandin | null = null;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    kit = await startKitStandin();
    for (const [key, value] of Object.entries({ KIT_API_KEY: kit.apiKey, KIT_API_URL: kit.url })) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    reloadConfig();
  });
  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    reloadConfig();
    await kit?.close();
  });
  return {
    get kit() {
      if (!kit) throw new Error("The Kit stand-in starts before the file's tests.");
      return kit;
    },
  };
}
