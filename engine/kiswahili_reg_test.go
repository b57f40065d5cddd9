package engine

// bao is registered for the engine's tests only until its locales,
// rulebook, search and reference entries exist (doc.go, "Adding a
// variant").
func init() { register(baoVariant) }
