package locales

func init() {
	registerRules("tchuka", &ruleSet{
		solo: true,
		args: func(o map[string]string) map[string]any {
			return map[string]any{"Pits": atoi(o["pits"]), "Seeds": atoi(o["seeds"]), "N": atoi(o["pits"])}
		},
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_tchuka_setup"},
				{"rules_h_sowing", "rules_tchuka_sowing"},
				{"rules_h_last_seed", "rules_tchuka_last_seed"},
				{"rules_h_end", "rules_tchuka_end"},
			}
		},
	})
}
