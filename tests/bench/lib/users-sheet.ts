// A user import sheet for the benchmarks: `count` rows in the template's columns, all valid, in the
// seeded head office, as the upload form the import call takes.
import ExcelJS from 'exceljs';

export async function usersSheet(count: number, account: string, name: string, phonePrefix: string): Promise<FormData> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  sheet.columns = ['账号', '姓名', '手机号码', '部门', '初始密码'].map((header, i) => ({ header, key: ['username', 'name', 'phone', 'department', 'password'][i]! }));
  for (let i = 0; i < count; i++) sheet.addRow({ username: `${account}${i}`, name: `${name}${i}`, phone: `${phonePrefix}${String(i).padStart(8, '0')}`, department: '总部', password: 'import-pass-1' });
  const form = new FormData();
  form.append('file', new Blob([await book.xlsx.writeBuffer()]), 'users.xlsx');
  return form;
}
