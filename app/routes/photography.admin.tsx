export default function Page() {
  return <main><h1>photography.admin</h1></main>;
}
