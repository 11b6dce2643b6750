import { customType, timestamp } from "drizzle-orm/pg-core";

// Column helpers every table uses: every time is a timestamptz; money is integer pence.

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();
export const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Case-insensitive text (the citext extension, created by the first migration). */
export const citext = customType<{ data: string }>({ dataType: () => "citext" });
