package locales

func init() {
	registerRules("togyz", &ruleSet{
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_togyz_setup"},
				{"rules_h_sowing", "rules_togyz_sowing"},
				{"rules_h_capture", "rules_togyz_capture"},
				{"rules_h_tuzdyk", "rules_togyz_tuzdyk"},
				{"rules_h_end", "rules_togyz_end"},
			}
		},
	})
}
