export default function Page() {
  return <main><h1>foo-bar</h1></main>;
}
