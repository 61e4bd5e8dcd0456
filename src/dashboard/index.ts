/**
 * `hallucination-firewall/dashboard`: an Express dashboard of session hallucination reports. Needs the
 * optional dependencies express 5 and helmet 8 (and the optional peer better-sqlite3 12 for a database file).
 */
export { createDashboard, type DashboardOptions } from "./router.js";
export { startDashboard, DEFAULT_DASHBOARD_PORT, type StartDashboardOptions, type RunningDashboard } from "./server.js";
export { renderSessionMarkdown } from "./markdown-report.js";
