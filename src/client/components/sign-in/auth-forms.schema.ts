import { z } from "zod";
import { loginInput, registerInput } from "@/domain/auth";

/** The sign-in form: the server's own schema. */
export const signInSchema = loginInput;

/** The create-account form: the server's schema plus a second password field that must match. */
export const registerSchema = registerInput
  .extend({ confirmPassword: z.string().min(1, "Enter the password again") })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export type SignInValues = z.input<typeof signInSchema>;
export type RegisterValues = z.input<typeof registerSchema>;
