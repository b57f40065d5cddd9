package generic

// bao-kujifunza has no stores: captured seeds join the capturer's rows, so
// the seeds on each side are what evalPlain counts.
func init() { registerEval("bao-kujifunza", variantEval{eval: evalPlain}) }
