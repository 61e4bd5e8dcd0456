import { describe, expect, it } from "vitest";
import { classifyClaim, extractClaimsSync, KIND_RULES } from "../../src/claims/index.js";
import type { ClaimKind } from "../../src/schema.js";

describe("classifyClaim", () => {
  it.each<[string, ClaimKind]>([
    ["Want me to check the changelog as well?", "question"],
    ["Shall I open a ticket for the 3 failures", "question"],
    ["Let me know if you need the raw logs.", "question"],
    ["Is the pod healthy?", "question"],
    ["Here is what I found:", "not_checkable"],
    ["I looked this up for you.", "not_checkable"],
    ["Hope this helps!", "not_checkable"],
    ["I hope this helps.", "not_checkable"],
    ["Hope that helps!", "not_checkable"],
    ["Let me know if you need anything else.", "not_checkable"],
    ["Feel free to ask.", "not_checkable"],
    ["Feel free to reach out if you have any questions!", "not_checkable"],
    ["Happy to help with that.", "not_checkable"],
    ["Here's a summary:", "not_checkable"],
    ["Here is a concise summary of the passage:", "not_checkable"],
    ["Here is a summary of the 2016 election coverage:", "not_checkable"],
    ["Sure, here you go.", "not_checkable"],
    ["Sure, here is a summary.", "not_checkable"],
    ["Let me know if you'd like me to compare other packages.", "question"],
    ["Here is a summary: revenue rose 5%.", "factual"],
    ["Sure!", "not_checkable"],
    ["Hi Julia, thanks for your patience.", "not_checkable"],
    ["Hi Priya, here is your account summary.", "not_checkable"],
    ["Hi Priya, your balance is $1,247.60.", "factual"],
    ["I'd recommend raising the worker's memory limit to 1Gi.", "not_checkable"],
    ["My recommendation: flip require_2fa on first, starting with the admin accounts.", "not_checkable"],
    ["I suggest upgrading to 2.1.0 before Friday.", "not_checkable"],
    ["The vendor recommends 2 GB of memory.", "factual"],
    ["Good morning Julia, I hope you're well.", "not_checkable"],
    ["Dear Marie Becker,", "not_checkable"],
    ["Hi Julia, your order A-1021 shipped on 2026-11-02.", "factual"],
    ["Great question", "not_checkable"],
    ["Run npm install to update.", "not_checkable"],
    // A word that names a numbered thing is a noun, not an instruction.
    ["Run #1543 failed after 412 seconds.", "factual"],
    ["Run 1544 was cancelled.", "factual"],
    // A time after it states a schedule.
    ["Check out on September 16 by 11 am.", "factual"],
    ["Check out the docs for more.", "not_checkable"],
    ["I'd get any errands done before noon.", "not_checkable"],
    ["For the soup of the day I'd just ask your server.", "not_checkable"],
    ["I'd checked the logs and found 3 errors.", "factual"],
    ["I'd say it is about 3 km.", "factual"],
    ["Enjoy your stay!", "not_checkable"],
    ["Happy hiking!", "not_checkable"],
    ["Have a great trip to Oslo!", "not_checkable"],
    ["Enjoy 20% off until May 3!", "factual"],
    ["You can also check it yourself with kubectl get pods.", "not_checkable"],
    ["You can return items within 30 days.", "factual"],
    ["Perfect day for a swim!", "opinion"],
    ["Looks like a popular choice!", "opinion"],
    ["they are known to be one of the best cheerleading squads in the nfl!", "factual"],
    ["It's a real bargain.", "opinion"],
    ["I think it's safe to deploy once the build is green.", "opinion"],
    ["Luigi's is the best pizza place in town.", "opinion"],
    ["The best price in town is $4 at Joe's.", "factual"],
    ["Dr. Lee is one of the department's best-rated instructors.", "factual"],
    ["Please restart the service after upgrading to 2.1.0.", "not_checkable"],
    ["I love snowy holidays!", "opinion"],
    ["I think this is a great library", "opinion"],
    ["This is an excellent choice", "opinion"],
    ["It's a great album.", "opinion"],
    ["green is my favorite color too!", "opinion"],
    ["they are known to be one of the best cheerleading squads in the nfl", "factual"],
    ["It 's a pretty cool winter sport .", "factual"],
    ["i also love that it is between blue and yellow on the visible spectrum.", "factual"],
    ["I love that movie", "opinion"],
    ["I can understand that .", "not_checkable"],
    ["I'm happy to help with anything else!", "not_checkable"],
    ["It's a fantastic deal, in my opinion.", "opinion"],
    ["I would n't think so .", "not_checkable"],
    ["It 's a fun and engaging show !", "opinion"],
    ["Did you know it has sold over 5 billion copies ?", "factual"],
    ["Did you know what it is?", "question"],
    ["Did you hear about Mr. Lauren ?", "question"],
    ["I love how fun it is", "opinion"],
    ["Sales may rise 5% next quarter.", "hedge"],
    ["The outage was likely caused by the DNS change.", "hedge"],
    ["It appears to be fixed in 18.0.10.", "hedge"],
    ["Revenue reportedly doubled.", "hedge"],
    ["You have about 4 TB of free Drive storage.", "factual"],
    ["Here is your briefing for May 25.", "factual"],
    ["I found 3 vulnerabilities in axios.", "factual"],
    ["The API does not support batching.", "factual"],
    ["Webhook payloads are unsigned.", "factual"],
    ["Use of the API is limited to 100 calls per minute.", "factual"],
    ["勤務先は東京の渋谷にある。", "factual"],
    // Advice, offers and impressions are the answer's own, whatever they name; a figure inside stays checked.
    ["You may want to remind the tenant about the deposit.", "not_checkable"],
    ["If the weather holds, you could walk to the pier instead.", "not_checkable"],
    ["Honestly, you'll probably want to rotate the API key.", "not_checkable"],
    ["She might want to book the follow-up early.", "not_checkable"],
    ["You'll need another 1,200 points to reach Gold.", "factual"],
    ["They may be delayed by the storm.", "hedge"],
    ["You should have received a confirmation email.", "factual"],
    ["Might be worth a quick call to the landlord.", "not_checkable"],
    ["It may be worth checking the gutter before the rain.", "not_checkable"],
    ["If prices dip, switching plans would be worth a look.", "not_checkable"],
    ["The painting is worth about $4,000.", "factual"],
    ["I can draft a reply to the supplier if that helps.", "not_checkable"],
    ["If you want, we can set up a weekly digest.", "not_checkable"],
    ["Happy to pull last month's invoices too.", "not_checkable"],
    ["I can see two overdue invoices on the account.", "factual"],
    ["I can confirm the parcel left the depot.", "factual"],
    ["I could not find a refund for that order.", "hedge"],
    ["Overall, the cluster looks healthy.", "opinion"],
    ["Nothing here looks misconfigured.", "opinion"],
    ["Sunday looks dry and warmer.", "factual"],
    ["Looks like the backup finished late.", "factual"],
    ["Moving the cron job to off-peak hours would cut the bill.", "not_checkable"],
    ["Raising the pool size should help a lot here.", "not_checkable"],
    ["Nothing would change for existing users.", "factual"],
    ["Moving the job to 02:00 would cut the bill.", "factual"],
    ["Stay off the flooded underpass tonight.", "not_checkable"],
    ["If the refund falls through, ask about a store credit.", "not_checkable"],
    ["Please bring your insurance card.", "not_checkable"],
    ["Check the cron logs before you retry.", "not_checkable"],
    ["Check-in opens at the front desk.", "factual"],
    ["Hold music plays while you wait.", "factual"],
    ["The back room is probably the better pick if your group gets loud.", "opinion"],
    ["Plan B is the way to go.", "opinion"],
    ["The express train is the fastest option.", "factual"],
    ["Nice work getting the backlog cleared before the audit.", "not_checkable"],
    ["Not a bad quarter!", "not_checkable"],
    ["Keep it up!", "not_checkable"],
    // Advice may name a record by its code; a figure in it stays checked.
    ["You may want to book vehicle space on KE-103 soon.", "not_checkable"],
    ["You may want to escalate #4410 to the on-call lead.", "not_checkable"],
    ["You may want to pay the $40 fee soon.", "hedge"],
    ["Here's what I found for Saturday's crossings to Kerrow Island.", "not_checkable"],
    ["Here's what I found: revenue rose 5%.", "factual"],
  ])("should classify %j as %s", (text, kind) => {
    expect(classifyClaim(text)).toBe(kind);
  });

  it("should treat inline code as a name a claim can be checked on", () => {
    expect(classifyClaim("I like dotenv")).toBe("opinion");
    expect(classifyClaim("I like dotenv", { hasCode: true })).toBe("factual");
  });

  it("should give every rule a reason", () => {
    for (const rule of KIND_RULES) expect(rule.why.length).toBeGreaterThan(10);
  });
});

describe("extractClaimsSync kinds", () => {
  it("should not split a question into clauses", () => {
    const claims = extractClaimsSync("Do you want me to check the changelog, and should I open a ticket?");
    expect(claims.map((c) => c.kind)).toEqual(["question"]);
  });

  // Answers from an agent-trace sample with gold kinds: meta lines and offers are not checked, facts are.
  it.each<[string, string[]]>([
    [
      "moment is published under the MIT license. `cors` 2.8.6 came out on 2026-01-22. One of the dependencies of `cors` is `vary`, pinned at `^1`. I hope this helps.",
      ["factual", "factual", "factual", "not_checkable"],
    ],
    [
      "Sure, here is a summary. `axios` pulls in 4 direct dependencies. debug has 77 versions on npm. Would you like the same summary for your other services?",
      ["not_checkable", "factual", "factual", "question"],
    ],
    [
      "Happy to help with that.\n\n- `nginx` needs 1,336 MB of disk space once installed\n\nLet me know if you'd like me to compare other packages.",
      ["not_checkable", "factual", "question"],
    ],
  ])("should give the gold kinds to %j", (draft, kinds) => {
    const claims = extractClaimsSync(draft);
    expect(claims.map((c) => c.kind)).toEqual(kinds);
  });

  it("should not check a summary's intro line", () => {
    const draft = "Here is a concise summary of the passage:\n\nThe film will be released on March 17, 2017.";
    expect(extractClaimsSync(draft).map((c) => c.kind)).toEqual(["not_checkable", "factual"]);
  });

  it("should keep a hedged claim checkable", () => {
    const claims = extractClaimsSync("The invoice might total 3450 USD. Hope this helps!");
    expect(claims.map((c) => c.kind)).toEqual(["hedge", "not_checkable"]);
  });
});
