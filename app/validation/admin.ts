import { z } from "~/validation/zod";

// The Users tab's form rules, in one place for the browser and the server.
// docs/product.md §11.7: edits are not validated beyond bounds; an empty last name is stored as null.

export const DELETE_CONFIRMATION_WORD = "DELETE";

export const DeleteConfirmationSchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, { error: "Please type DELETE to confirm" }),
});

export const AdminEditUserSchema = z.object({
  firstName: z.string().trim().max(50, "First name must be less than 50 characters"),
  lastName: z
    .string()
    .trim()
    .max(50, "Last name must be less than 50 characters")
    .optional()
    .transform((v) => (v ? v : null)),
});

// What the browser and the server share about the Users tab's three actions (docs/product.md §10.3–§10.6
// and §11.7): the words, the form fields and their Zod schemas. Every action is a POST to
// /settings/admin with `intent`; see routes/admin/dashboard.tsx.

export const ADMIN_INTENTS = ["update-user", "toggle-admin", "delete-user", "give-access"] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];

export const ADMIN_TEXT = {
  success: "Success",
  error: "Error",
  loadUsersFailed: "Failed to load users",
  noUsers: "No users found matching your search.",
  searchPlaceholder: "Search by name or email...",
  updated: "User details updated successfully",
  updateFailed: "Failed to update user details",
  noChanges: "No changes",
  noChangesText: "Nothing needed saving.",
  adminFailed: "Failed to update admin status",
  granted: (firstName: string) => `Granted admin access to ${firstName}`,
  removed: (firstName: string) => `Removed admin access from ${firstName}`,
  lastAdminRole: "You are the only administrator. Make another member an administrator before removing your own admin access.",
  deleted: "User account deleted successfully",
  deleteFailed: "Failed to delete user account",
  confirmDelete: "Please type DELETE to confirm",
  notFound: "That member no longer exists. The list has been refreshed.",
  noActivity: "No activity recorded yet.",
  saving: "Saving...",
  deleting: "Deleting...",
} as const;

/** Member ids are Better Auth's (letters and digits) or UUIDs; anything else names no one. */
const UserIdSchema = z
  .string({ error: "Unknown member." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Unknown member.");

/** Control characters (line breaks, escapes, NUL) never belong in a name (decision 162). */
const CONTROL = /\p{Cc}/u;

export const UpdateUserFormSchema = AdminEditUserSchema.extend({
  userId: UserIdSchema,
  // The column is required (and the toasts greet her by it), so the one bound beyond the documented ones.
  firstName: AdminEditUserSchema.shape.firstName.pipe(
    z
      .string()
      .min(1, "First name is required")
      .refine((v) => !CONTROL.test(v), "First name contains a character that isn't allowed"),
  ),
  lastName: AdminEditUserSchema.shape.lastName.refine(
    (v) => v === null || !CONTROL.test(v),
    "Last name contains a character that isn't allowed",
  ),
});

export const ToggleAdminFormSchema = z.object({ userId: UserIdSchema });

export const DeleteUserFormSchema = DeleteConfirmationSchema.extend({ userId: UserIdSchema });

/** The answer of a failed action (a success redirects back to the list with a toast). */
export interface AdminActionFailure {
  ok: false;
  intent: AdminIntent | null;
  title: string;
  message: string;
}

/** 'Give access' (docs/product.md §10.3): a free place on one of the courses, confirmed with a ticked box. */
export const GIVE_ACCESS_COURSES = ["learn-to-lift", "build-stronger-foundations"] as const;
export const GiveAccessFormSchema = z.object({
  userId: UserIdSchema,
  productKey: z.enum(GIVE_ACCESS_COURSES, { error: "Choose the course to give her a place on." }),
  confirm: z.literal("yes", { error: "Tick the box to confirm the free place." }),
});
