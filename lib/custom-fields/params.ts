import { idParams } from "../api/params";

/** Path id of the custom fields routes (server only: an invalid id throws the API's 404). */
export const customFieldParams = idParams("customFieldId", "Custom field");
