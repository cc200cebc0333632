-- name: animation-values
-- title: report.animation-values.title
-- description: report.animation-values.description
--
-- A setting without a value for a property takes the property's default. A value outside its
-- range or off its step grid (possible after a property is changed) is reported, not refused.
-- PostgreSQL's dialect of Reports/animation-values.sql: the same columns, rows and order.
--
-- param: setting text = ''
-- column: setting text = column.setting
-- column: property text = column.property
-- column: value real = column.value
-- column: default real = column.default_value
-- column: min real = column.min
-- column: max real = column.max
-- column: step real = column.step
-- column: status status = column.status
SELECT s.name AS setting,
       p.label AS property,
       coalesce(v.value, p.default_value) AS value,
       p.default_value AS "default",
       p.min AS min,
       p.max AS max,
       p.step AS step,
       CASE
           WHEN v.value IS NULL OR v.value = p.default_value THEN 'default'
           WHEN v.value < p.min OR v.value > p.max THEN 'out-of-range'
           WHEN abs((v.value - p.min) / p.step - round((v.value - p.min) / p.step)) >= 1e-6 THEN 'off-grid'
           ELSE 'custom'
       END AS status
FROM animation_settings AS s
CROSS JOIN animation_properties AS p
LEFT JOIN animation_setting_values AS v ON v.setting_id = s.id AND v.property_key = p.key
WHERE CAST(:setting AS text) = '' OR s.name = CAST(:setting AS text)
ORDER BY s.name, p.key;
