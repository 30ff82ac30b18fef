export default function Page() {
  return <main><h1>life</h1></main>;
}
