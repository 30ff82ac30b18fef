// The owner's project `position` is the card's place, 1 first, as PUT takes it (in-process tier, docs/testing.md):
// a project read and written back unchanged stays where it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as input from "~/server/projects/project-input.server";
import * as projects from "~/server/projects/projects.server";
import { openTemplateSite } from "../support/in-process";

let site: ReturnType<typeof openTemplateSite>;

beforeAll(() => {
  site = openTemplateSite();
});

afterAll(() => site?.close());

const order = () => projects.adminProjects().map((project) => project.id);

describe("a project's position", () => {
  it("is its place in the owner's order, hidden cards counted, in the list and alone", () => {
    const listed = projects.adminProjects();
    // The template's site has the sample cards.
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed.map((project) => project.position)).toEqual(listed.map((_, index) => index + 1));
    const second = listed[1]!;
    projects.updateProject(listed[0]!.id, input.parseProjectInput({ hidden: true }, { create: false }));
    expect(projects.toProjectAdmin(projects.findProjectRow(second.id)).position).toBe(2);
  });

  it("written back unchanged, every card stays where it was", () => {
    const before = order();
    for (const project of projects.adminProjects()) {
      const read = projects.toProjectAdmin(projects.findProjectRow(project.id));
      projects.updateProject(project.id, input.parseProjectInput(JSON.parse(JSON.stringify(read)), { create: false }));
      expect(order()).toEqual(before);
    }
  });

  it("moves the card to the place PUT names, and then reads back as that place", () => {
    const [first, , third] = projects.adminProjects();
    projects.updateProject(third!.id, input.parseProjectInput({ position: 1 }, { create: false }));
    expect(order().slice(0, 2)).toEqual([third!.id, first!.id]);
    expect(projects.toProjectAdmin(projects.findProjectRow(third!.id)).position).toBe(1);
    expect(projects.toProjectAdmin(projects.findProjectRow(first!.id)).position).toBe(2);
  });
});
