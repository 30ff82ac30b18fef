/**
 * The technology icons the owner chooses from (technologies.server.ts): a bundled
 * subset of devicon. Imported by server code only, so the home page's JavaScript
 * carries none of them; `?no-inline` makes Vite emit each as a hashed file
 * instead of inlining it.
 */
import javascript from "devicon/icons/javascript/javascript-original.svg?no-inline";
import typescript from "devicon/icons/typescript/typescript-original.svg?no-inline";
import react from "devicon/icons/react/react-original.svg?no-inline";
import nodejs from "devicon/icons/nodejs/nodejs-original.svg?no-inline";
import java from "devicon/icons/java/java-original.svg?no-inline";
import git from "devicon/icons/git/git-original.svg?no-inline";
import docker from "devicon/icons/docker/docker-original.svg?no-inline";
import spring from "devicon/icons/spring/spring-original.svg?no-inline";
import tailwindcss from "devicon/icons/tailwindcss/tailwindcss-original.svg?no-inline";
import html5 from "devicon/icons/html5/html5-original.svg?no-inline";
import css3 from "devicon/icons/css3/css3-original.svg?no-inline";
import amazonwebservices from "devicon/icons/amazonwebservices/amazonwebservices-original-wordmark.svg?no-inline";
import github from "devicon/icons/github/github-original.svg?no-inline";
import python from "devicon/icons/python/python-original.svg?no-inline";
import go from "devicon/icons/go/go-original.svg?no-inline";
import rust from "devicon/icons/rust/rust-original.svg?no-inline";
import csharp from "devicon/icons/csharp/csharp-original.svg?no-inline";
import cplusplus from "devicon/icons/cplusplus/cplusplus-original.svg?no-inline";
import c from "devicon/icons/c/c-original.svg?no-inline";
import kotlin from "devicon/icons/kotlin/kotlin-original.svg?no-inline";
import swift from "devicon/icons/swift/swift-original.svg?no-inline";
import php from "devicon/icons/php/php-original.svg?no-inline";
import ruby from "devicon/icons/ruby/ruby-original.svg?no-inline";
import vuejs from "devicon/icons/vuejs/vuejs-original.svg?no-inline";
import angularjs from "devicon/icons/angularjs/angularjs-original.svg?no-inline";
import svelte from "devicon/icons/svelte/svelte-original.svg?no-inline";
import nextjs from "devicon/icons/nextjs/nextjs-original.svg?no-inline";
import express from "devicon/icons/express/express-original.svg?no-inline";
import graphql from "devicon/icons/graphql/graphql-plain.svg?no-inline";
import postgresql from "devicon/icons/postgresql/postgresql-original.svg?no-inline";
import mysql from "devicon/icons/mysql/mysql-original.svg?no-inline";
import mongodb from "devicon/icons/mongodb/mongodb-original.svg?no-inline";
import redis from "devicon/icons/redis/redis-original.svg?no-inline";
import sqlite from "devicon/icons/sqlite/sqlite-original.svg?no-inline";
import kubernetes from "devicon/icons/kubernetes/kubernetes-original.svg?no-inline";
import linux from "devicon/icons/linux/linux-original.svg?no-inline";
import nginx from "devicon/icons/nginx/nginx-original.svg?no-inline";
import figma from "devicon/icons/figma/figma-original.svg?no-inline";
import vitejs from "devicon/icons/vitejs/vitejs-original.svg?no-inline";
import firebase from "devicon/icons/firebase/firebase-original.svg?no-inline";
import azure from "devicon/icons/azure/azure-original.svg?no-inline";
import googlecloud from "devicon/icons/googlecloud/googlecloud-original.svg?no-inline";

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
