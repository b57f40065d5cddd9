package generic

// La'b madjnuni: stores hold captures; seeds left on a side go to its
// owner at the end (rule 6), what evalPlain counts.
func init() { registerEval("madjnuni", variantEval{eval: evalPlain}) }
