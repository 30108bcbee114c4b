import { idParams } from "../api/params";

/** Path id of the groups routes (server only: an invalid id throws the API's 404). */
export const groupParams = idParams("groupId", "Group");
