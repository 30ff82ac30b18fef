export default function Page() {
  return <main><h1>photography</h1></main>;
}
