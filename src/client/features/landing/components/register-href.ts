/** The landing page with the create-account form showing. */
export const REGISTER_HREF = "/?signin=1&mode=register";
