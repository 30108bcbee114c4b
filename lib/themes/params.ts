import { idParams } from "../api/params";

/** Path id of the themes routes (server only: an invalid id throws the API's 404). */
export const themeParams = idParams("themeId", "Theme");
