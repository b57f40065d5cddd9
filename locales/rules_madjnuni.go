package locales

func init() {
	// engine/madjnuni.go; docs/sources/more-games-rules.md section 10.
	registerRules("madjnuni", &ruleSet{
		bot: "rules_madjnuni_bot",
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 14 * s, "N": 7}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_madjnuni_setup"},
				{"rules_h_sowing", "rules_madjnuni_sowing"},
				{"rules_h_capture", pick(o["opposite"] == "true", "rules_madjnuni_capture", "rules_madjnuni_capture_alone")},
				{"rules_h_never_ending", "rules_madjnuni_never"},
				{"rules_h_end", "rules_madjnuni_end"},
			}
		},
	})
}
