package httpapi

import (
	"net/http"

	"portal/internal/cashier"
	"portal/internal/identity"
)

// Money going out: the answers of its errors (those with a value are in
// cashierOutAnswer) and their words, in one block.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{cashier.ErrAccountNameMismatch, http.StatusUnprocessableEntity, "cashier.account_name_mismatch"},
		{cashier.ErrBankAccountExists, http.StatusConflict, "cashier.bank_account_exists"},
		{cashier.ErrBankAccountLimit, http.StatusConflict, "cashier.bank_account_limit"},
		{cashier.ErrBankAccountInUse, http.StatusConflict, "cashier.bank_account_in_use"},
		{cashier.ErrNoUpline, http.StatusConflict, "cashier.no_upline"},
		{cashier.ErrNoMatch, http.StatusConflict, "cashier.no_match"},
		{identity.ErrPaymentPasswordRequired, http.StatusConflict, "cashier.payment_password_required"},
		{identity.ErrPaymentPasswordIncorrect, http.StatusForbidden, "cashier.payment_password_incorrect"},
		{identity.ErrPaymentPasswordInvalid, http.StatusUnprocessableEntity, "cashier.payment_password_invalid"},
	}...)
	for code, words := range map[string]map[string]string{
		"cashier.turnover_incomplete": {
			"EN": "Your bets have not yet reached the turnover required to withdraw",
			"KM": "ការភ្នាល់របស់អ្នកមិនទាន់ដល់ចំនួនវេនដែលតម្រូវសម្រាប់ការដកប្រាក់នៅឡើយទេ",
			"CN": "您的有效投注尚未达到提款所需的流水要求",
		},
		"cashier.account_name_mismatch": {
			"EN": "The account holder's name must be your real name",
			"KM": "ឈ្មោះម្ចាស់គណនីត្រូវតែជាឈ្មោះពិតរបស់អ្នក",
			"CN": "账户持有人姓名必须与您的真实姓名一致",
		},
		"cashier.bank_account_invalid": {
			"EN": "The bank account's details are not valid",
			"KM": "ព័ត៌មានគណនីធនាគារមិនត្រឹមត្រូវ",
			"CN": "银行账户信息无效",
		},
		"cashier.bank_account_exists": {
			"EN": "You have added this account already",
			"KM": "អ្នកបានបន្ថែមគណនីនេះរួចហើយ",
			"CN": "您已添加过该账户",
		},
		"cashier.bank_account_limit": {
			"EN": "You can keep at most 3 bank accounts",
			"KM": "អ្នកអាចរក្សាគណនីធនាគារបានច្រើនបំផុត 3",
			"CN": "最多只能保存 3 个银行账户",
		},
		"cashier.bank_account_in_use": {
			"EN": "A withdrawal to this account is still open",
			"KM": "ការដកប្រាក់ទៅគណនីនេះនៅមិនទាន់បញ្ចប់",
			"CN": "该账户仍有未完成的提款",
		},
		"cashier.receipt_invalid": {
			"EN": "The receipt confirmation is not complete",
			"KM": "ការបញ្ជាក់ការទទួលមិនទាន់ពេញលេញ",
			"CN": "收款确认信息不完整",
		},
		"cashier.policy_invalid": {
			"EN": "The withdrawal settings are not valid",
			"KM": "ការកំណត់ការដកប្រាក់មិនត្រឹមត្រូវ",
			"CN": "提款设置无效",
		},
		"cashier.no_match": {
			"EN": "No withdrawal is waiting for this amount; choose another amount or channel",
			"KM": "គ្មានការដកប្រាក់ណាកំពុងរង់ចាំចំនួននេះទេ សូមជ្រើសរើសចំនួន ឬឆានែលផ្សេង",
			"CN": "暂无与该金额匹配的提款，请选择其他金额或渠道",
		},
		"cashier.no_upline": {
			"EN": "Your account has no upline",
			"KM": "គណនីរបស់អ្នកមិនមានថ្នាក់លើ",
			"CN": "您的账户没有上级",
		},
		"cashier.payment_password_required": {
			"EN": "Set a payment password in the security centre first",
			"KM": "សូមកំណត់ពាក្យសម្ងាត់ទូទាត់នៅក្នុងមជ្ឈមណ្ឌលសុវត្ថិភាពជាមុនសិន",
			"CN": "请先在安全中心设置支付密码",
		},
		"cashier.payment_password_incorrect": {
			"EN": "The payment password is incorrect",
			"KM": "ពាក្យសម្ងាត់ទូទាត់មិនត្រឹមត្រូវ",
			"CN": "支付密码错误",
		},
		"cashier.payment_password_invalid": {
			"EN": "The payment password must be 6 digits, not one digit repeated or a run like 123456",
			"KM": "ពាក្យសម្ងាត់ទូទាត់ត្រូវតែមាន 6 ខ្ទង់ មិនមែនលេខដដែលៗ ឬលំដាប់ដូចជា 123456",
			"CN": "支付密码须为 6 位数字，不能是相同数字或 123456 之类的连续数字",
		},
		"cashier.payment_password_locked": {
			"EN": "Too many wrong payment passwords; try again later",
			"KM": "ពាក្យសម្ងាត់ទូទាត់ខុសច្រើនដងពេក សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
			"CN": "支付密码错误次数过多，请稍后再试",
		},
	} {
		messages[code] = words
	}
}
