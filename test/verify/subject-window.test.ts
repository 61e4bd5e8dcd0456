import { describe, expect, it } from "vitest";
import { verdictsOn } from "./helpers.js";

const magazines =
  "Cooking Light is an American monthly food and lifestyle magazine founded in 1987. Hot Rod is a monthly American car magazine devoted to hot rodding, drag racing, and muscle cars.";
const presenters =
  "The second series was hosted by Holly Willoughby and Reggie Yates on BBC One. Reggie Yates is a British actor and radio DJ. He is best known for his role as Leo Jones in Doctor Who.";

const verdict = async (evidence: string, claim: string): Promise<string> => (await verdictsOn(evidence, claim, "search"))[0]!;

describe("what the evidence says about the claim's subject", () => {
  it("should not cover a claim about one entity with words from the sentences about another", async () => {
    // The whole passage holds every word; only the sentences about Holly Willoughby count for her.
    expect(await verdict(presenters, "Holly Willoughby is a British actor known for Doctor Who.")).toBe("unsupported");
    expect(await verdict(magazines, "Cooking Light is a monthly food and lifestyle magazine.")).toBe("supported");
  });

  it("should follow a subject into the sentences that go on with a pronoun", async () => {
    expect(await verdict(presenters, "Reggie Yates is a British actor known for Doctor Who.")).toBe("supported");
  });

  it("should not follow a subject into a next sentence that opens on another name", async () => {
    const radio =
      "K283BV is an alternative radio station that blends new music with alternative such as Mumford & Sons, Twenty One Pilots etc. Twenty One Pilots is an American musical duo originating from Columbus, Ohio.";
    expect(await verdict(radio, "Mumford & Sons is from Columbus, Ohio.")).toBe("unsupported");
    expect(await verdict(radio, "Twenty One Pilots is from Columbus, Ohio.")).toBe("supported");
  });
});
