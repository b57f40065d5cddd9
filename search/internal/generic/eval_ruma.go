package generic

// Ruma has four seats: the levels search it with paranoid.go's own
// evaluation; this entry is never used (Analyze refuses it).
func init() { registerEval("ruma", variantEval{eval: evalPlain}) }
