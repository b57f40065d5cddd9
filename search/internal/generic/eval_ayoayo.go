package generic

// Ayo-ayo: stores hold captures; seeds left on a side go to its owner at
// the end (5b, 5c), what evalPlain counts.
func init() { registerEval("ayoayo", variantEval{eval: evalPlain}) }
