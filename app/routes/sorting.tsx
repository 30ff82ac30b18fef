export default function Page() {
  return <main><h1>sorting</h1></main>;
}
