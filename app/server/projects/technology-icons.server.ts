/**
 * The technology icons the owner chooses from (technologies.server.ts): a
 * subset of devicon, kept in app/assets/icons (record 086). Imported by server
 * code only, so the home page's JavaScript carries none of them; `?no-inline`
 * makes Vite emit each as a hashed file instead of inlining it.
 */
import javascript from "~/assets/icons/devicon/javascript-original.svg?no-inline";
import typescript from "~/assets/icons/devicon/typescript-original.svg?no-inline";
import react from "~/assets/icons/devicon/react-original.svg?no-inline";
import nodejs from "~/assets/icons/devicon/nodejs-original.svg?no-inline";
import java from "~/assets/icons/devicon/java-original.svg?no-inline";
import git from "~/assets/icons/devicon/git-original.svg?no-inline";
import docker from "~/assets/icons/devicon/docker-original.svg?no-inline";
import spring from "~/assets/icons/devicon/spring-original.svg?no-inline";
import tailwindcss from "~/assets/icons/devicon/tailwindcss-original.svg?no-inline";
import html5 from "~/assets/icons/devicon/html5-original.svg?no-inline";
import css3 from "~/assets/icons/devicon/css3-original.svg?no-inline";
import amazonwebservices from "~/assets/icons/devicon/amazonwebservices-original-wordmark.svg?no-inline";
import github from "~/assets/icons/devicon/github-original.svg?no-inline";
import python from "~/assets/icons/devicon/python-original.svg?no-inline";
import go from "~/assets/icons/devicon/go-original.svg?no-inline";
import rust from "~/assets/icons/devicon/rust-original.svg?no-inline";
import csharp from "~/assets/icons/devicon/csharp-original.svg?no-inline";
import cplusplus from "~/assets/icons/devicon/cplusplus-original.svg?no-inline";
import c from "~/assets/icons/devicon/c-original.svg?no-inline";
import kotlin from "~/assets/icons/devicon/kotlin-original.svg?no-inline";
import swift from "~/assets/icons/devicon/swift-original.svg?no-inline";
import php from "~/assets/icons/devicon/php-original.svg?no-inline";
import ruby from "~/assets/icons/devicon/ruby-original.svg?no-inline";
import vuejs from "~/assets/icons/devicon/vuejs-original.svg?no-inline";
import angularjs from "~/assets/icons/devicon/angularjs-original.svg?no-inline";
import svelte from "~/assets/icons/devicon/svelte-original.svg?no-inline";
import nextjs from "~/assets/icons/devicon/nextjs-original.svg?no-inline";
import express from "~/assets/icons/devicon/express-original.svg?no-inline";
import graphql from "~/assets/icons/devicon/graphql-plain.svg?no-inline";
import postgresql from "~/assets/icons/devicon/postgresql-original.svg?no-inline";
import mysql from "~/assets/icons/devicon/mysql-original.svg?no-inline";
import mongodb from "~/assets/icons/devicon/mongodb-original.svg?no-inline";
import redis from "~/assets/icons/devicon/redis-original.svg?no-inline";
import sqlite from "~/assets/icons/devicon/sqlite-original.svg?no-inline";
import kubernetes from "~/assets/icons/devicon/kubernetes-original.svg?no-inline";
import linux from "~/assets/icons/devicon/linux-original.svg?no-inline";
import nginx from "~/assets/icons/devicon/nginx-original.svg?no-inline";
import figma from "~/assets/icons/devicon/figma-original.svg?no-inline";
import vitejs from "~/assets/icons/devicon/vitejs-original.svg?no-inline";
import firebase from "~/assets/icons/devicon/firebase-original.svg?no-inline";
import azure from "~/assets/icons/devicon/azure-original.svg?no-inline";
import googlecloud from "~/assets/icons/devicon/googlecloud-original.svg?no-inline";

export interface TechnologyIcon {
  id: string;
  name: string;
  icon: string;
  /** A black logo: inverted on the dark scheme's dark tiles, so it stays visible. */
  darkLogo: boolean;
}

const icon = (id: string, name: string, url: string, darkLogo = false): TechnologyIcon => ({
  id,
  name,
  icon: url,
  darkLogo,
});

/** In the order the admin offers them; the first 13 are the spec's strip. */
export const TECHNOLOGY_ICONS: readonly TechnologyIcon[] = [
  icon("javascript", "JavaScript", javascript),
  icon("typescript", "TypeScript", typescript),
  icon("react", "React", react),
  icon("nodejs", "Node.js", nodejs),
  icon("java", "Java", java),
  icon("git", "Git", git),
  icon("docker", "Docker", docker),
  icon("spring", "Spring", spring),
  icon("tailwindcss", "Tailwind CSS", tailwindcss),
  icon("html5", "HTML5", html5),
  icon("css3", "CSS3", css3),
  icon("amazonwebservices", "Amazon Web Services", amazonwebservices, true),
  icon("github", "GitHub", github, true),
  icon("python", "Python", python),
  icon("go", "Go", go),
  icon("rust", "Rust", rust, true),
  icon("csharp", "C#", csharp),
  icon("cplusplus", "C++", cplusplus),
  icon("c", "C", c),
  icon("kotlin", "Kotlin", kotlin),
  icon("swift", "Swift", swift),
  icon("php", "PHP", php),
  icon("ruby", "Ruby", ruby),
  icon("vuejs", "Vue.js", vuejs),
  icon("angularjs", "Angular", angularjs),
  icon("svelte", "Svelte", svelte),
  icon("nextjs", "Next.js", nextjs, true),
  icon("express", "Express", express, true),
  icon("graphql", "GraphQL", graphql),
  icon("postgresql", "PostgreSQL", postgresql),
  icon("mysql", "MySQL", mysql),
  icon("mongodb", "MongoDB", mongodb),
  icon("redis", "Redis", redis),
  icon("sqlite", "SQLite", sqlite),
  icon("kubernetes", "Kubernetes", kubernetes),
  icon("linux", "Linux", linux),
  icon("nginx", "NGINX", nginx),
  icon("figma", "Figma", figma),
  icon("vitejs", "Vite", vitejs),
  icon("firebase", "Firebase", firebase),
  icon("azure", "Azure", azure),
  icon("googlecloud", "Google Cloud", googlecloud),
];

/** The spec's strip, the default until the owner chooses. */
export const DEFAULT_TECHNOLOGIES: readonly string[] = TECHNOLOGY_ICONS.slice(0, 13).map(({ id }) => id);
